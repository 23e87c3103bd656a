import './lens.css';
import { Link } from '@tanstack/react-router';
import { useEffect, useId } from 'react';
import { lensAccountName } from './labels';
import { useLens, useLensSession } from './lensRuntime';

export interface LensPublishOptionProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}

/**
 * 'Also publish to Lens' in the post composer (docs/product.md § Wallets and tokens): a
 * checkbox while this page is signed in to a Lens account; otherwise, where a Lens API is
 * configured, a short pointer to the profile's Lens card (or why a signed-in wallet cannot
 * publish); nothing where there is no Lens.
 * Unticks itself when the Lens session ends.
 */
export default function LensPublishOption({ checked, onCheckedChange }: LensPublishOptionProps) {
  const id = useId();
  const lens = useLens();
  const { signedIn, account } = useLensSession();
  const linked = Boolean(lens && signedIn && account);
  useEffect(() => {
    if (!linked && checked) onCheckedChange(false);
  }, [linked, checked, onCheckedChange]);

  if (!lens) return null;
  if (signedIn && !account) {
    return (
      <p className="muted lens-option__hint">
        This wallet has no Lens account, so posts cannot also go to Lens.
      </p>
    );
  }
  if (!linked || !account) {
    return (
      <p className="muted lens-option__hint">
        To also publish your community posts to Lens,{' '}
        <Link to="/profile" hash="lens-account">
          sign in to Lens on your profile
        </Link>
        .
      </p>
    );
  }
  const name = lensAccountName(account);
  return (
    <div className="lens-option">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        aria-describedby={`${id}-note`}
        onChange={(e) => onCheckedChange(e.target.checked)}
      />
      <label htmlFor={id}>Also publish to Lens</label>
      <span id={`${id}-note`} className="muted lens-option__note">
        After the community post is saved, the same text is posted to your Lens account {name}.
      </span>
    </div>
  );
}
