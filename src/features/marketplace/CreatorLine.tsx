import { Badge } from '../../ui/Badge';

/** Under a marketplace card's name: who published it, and 'Yours' on the caller's own. */
export function CreatorLine({ name, mine }: { name: string; mine: boolean }) {
  return (
    <p className="market-card__creator">
      by <span className="market-card__creator-name">{name}</span>
      {mine ? <Badge tone="primary">Yours</Badge> : null}
    </p>
  );
}
