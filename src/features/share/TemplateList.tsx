import type { PostTemplate, TemplateIcon } from '../../domain/share/postTemplates';

const ICON: Record<TemplateIcon, string> = {
  sprout: '🌱',
  trophy: '🏆',
  clock: '⏱️',
  flame: '🔥',
  star: '⭐',
  calendar: '📅',
  heart: '💙',
  wind: '🌬️',
};

/** Templates written from the user's figures; choosing one puts its text in the post box. */
export function TemplateList({
  templates,
  selectedText,
  onChoose,
  compact = false,
}: {
  templates: PostTemplate[];
  selectedText: string;
  onChoose: (t: PostTemplate) => void;
  compact?: boolean;
}) {
  return (
    <ul className={compact ? 'template-list template-list--compact' : 'template-list'}>
      {templates.map((t) => (
        <li key={t.id}>
          <button
            type="button"
            className={`card card--interactive card--stack template template--${t.color}`}
            aria-pressed={selectedText === t.text}
            onClick={() => onChoose(t)}
          >
            <span className="template__title">
              <span aria-hidden="true">{ICON[t.icon]}</span> {t.title}
              {t.priority === 'high' && !compact ? <span className="badge badge--primary">Recommended</span> : null}
            </span>
            {!compact ? <span className="template__text">{t.text}</span> : null}
          </button>
        </li>
      ))}
    </ul>
  );
}
