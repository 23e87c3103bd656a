import { describe, expect, it } from 'vitest';
import { headerLinks } from '../../../src/domain/navigation';

describe('the Community header link is there for every member (issue 44 item 6), not for guests', () => {
  const labels = (level: 'none' | 'supabase' | 'evm' | 'flow', signedIn = level !== 'none') =>
    headerLinks({ signedIn, level, path: '/' }).map((l) => l.label);

  it('is absent for guests', () => {
    expect(labels('none')).not.toContain('Community');
  });

  it('appears for a plain email account, a linked social wallet and above', () => {
    expect(labels('supabase')).toContain('Community');
    expect(labels('evm')).toContain('Community');
    expect(labels('flow')).toContain('Community');
  });
});
