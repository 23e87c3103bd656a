import * as RadixSwitch from '@radix-ui/react-switch';
import { useId, type ReactNode } from 'react';

interface SwitchProps {
  label: ReactNode;
  description?: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
}

/** A labelled on/off switch row (Radix: role="switch", Space toggles). */
export function Switch({ label, description, checked, onCheckedChange, disabled }: SwitchProps) {
  const id = useId();
  return (
    <div className="switch-row">
      <div>
        <label htmlFor={id} className="field__label">
          {label}
        </label>
        {description ? (
          <div className="field__hint" id={`${id}-desc`}>
            {description}
          </div>
        ) : null}
      </div>
      <RadixSwitch.Root
        id={id}
        className="switch"
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        aria-describedby={description ? `${id}-desc` : undefined}
      >
        <RadixSwitch.Thumb className="switch__thumb" />
      </RadixSwitch.Root>
    </div>
  );
}
