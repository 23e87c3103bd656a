import type { BottomNavVariant } from '../../domain/navigation';
import { ChoiceGroup } from '../../ui/ChoiceGroup';
import { setBottomNavVariant, useBottomNavVariant } from '../shell';

const CHOICES: readonly { value: BottomNavVariant; label: string; description: string }[] = [
  { value: 'B', label: 'Home first', description: 'Home, Share, Progress, Community, Profile, and a start button.' },
  { value: 'A', label: 'Practice first', description: 'Practice, Marketplace, Create, Community, Profile.' },
];

/** Which bar a phone or tablet shows at the bottom (kept on this device). */
export function NavigationSettings() {
  const variant = useBottomNavVariant();
  return (
    <ChoiceGroup
      legend="Bottom navigation"
      hint="Shown on phones and tablets."
      choices={CHOICES}
      value={variant}
      onChange={setBottomNavVariant}
    />
  );
}
