import { describe, expect, it } from 'vitest';
import { headerLinks } from '../../../src/domain/navigation';

describe('the Community header link follows auth level evm', () => {
  const labels = (level: 'none' | 'supabase' | 'evm' | 'flow', signedIn = level !== 'none') =>
    headerLinks({ signedIn, level, path: '/' }).map((l) => l.label);

  it('is absent for guests and plain email accounts', () => {
    expect(labels('none')).not.toContain('Community');
    expect(labels('supabase')).not.toContain('Community');
  });

  it('appears with a linked, connected social wallet and above', () => {
    expect(labels('evm')).toContain('Community');
    expect(labels('flow')).toContain('Community');
  });
});
