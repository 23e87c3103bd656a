import { Switch } from '../../ui/Switch';

/**
 * The 'Wind-down' switch (docs/product.md § Sleep and sound), in a pattern's pre-session step
 * and a program's intro. Disabled until the person's choices are read (./useWindDown).
 */
export function WindDownSwitch({
  evening,
  windDown,
  className = 'presession__wind-down',
}: {
  /** An evening pattern or program: on by default in the evening band until the person chooses. */
  evening: boolean;
  windDown: { on: boolean | null; setOn: (on: boolean) => void };
  className?: string;
}) {
  return (
    <div className={className}>
      <Switch
        label="Wind-down"
        description={`${evening ? 'Suited to this one, and on by default from 17:00 to 6:00 until you choose. ' : ''}Low red light on black, a calm guide, cues that fade over the last minutes, then a quiet end. The screen may sleep; the sound keeps time.`}
        checked={windDown.on === true}
        disabled={windDown.on === null}
        onCheckedChange={windDown.setOn}
      />
    </div>
  );
}
