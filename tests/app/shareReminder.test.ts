// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const info = vi.fn(async () => undefined);
vi.mock('../../src/ui/toast', () => ({ notify: { info } }));

const { armShareReminder, clearShareReminder, readShareReminder, setShareReminder, SHARE_REMINDER_KEY } = await import(
  '../../src/app/shareReminder'
);
const { startShareReminder } = await import('../../src/app/shareReminderStart');

describe('the local share reminder', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-11-23T08:00:00Z') });
    localStorage.clear();
    info.mockClear();
  });
  afterEach(() => {
    clearShareReminder();
    vi.useRealTimers();
  });

  it('fires once at its time with a toast, and stays for the share screen as fired', () => {
    setShareReminder(Date.now() + 60_000, 'Calm today');
    expect(readShareReminder()).toEqual({ at: Date.now() + 60_000, text: 'Calm today', fired: false });
    vi.advanceTimersByTime(59_999);
    expect(info).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(info).toHaveBeenCalledTimes(1);
    expect(info).toHaveBeenCalledWith('Time to share your post', expect.objectContaining({ action: expect.objectContaining({ label: 'Open' }) }));
    expect(readShareReminder()).toMatchObject({ text: 'Calm today', fired: true });
    armShareReminder();
    vi.advanceTimersByTime(120_000);
    expect(info).toHaveBeenCalledTimes(1); // a fired reminder does not fire again
  });

  it('a reminder whose time passed while the app was closed fires at the next start', async () => {
    localStorage.setItem(SHARE_REMINDER_KEY, JSON.stringify({ at: Date.now() - 3_600_000, text: 'Missed' }));
    startShareReminder();
    await vi.dynamicImportSettled();
    vi.advanceTimersByTime(0);
    expect(info).toHaveBeenCalledTimes(1);
  });

  it('a cancelled reminder never fires; unreadable storage is no reminder', () => {
    setShareReminder(Date.now() + 1_000, 'Later');
    clearShareReminder();
    vi.advanceTimersByTime(5_000);
    expect(info).not.toHaveBeenCalled();
    localStorage.setItem(SHARE_REMINDER_KEY, '{"at":"soon"}');
    expect(readShareReminder()).toBeNull();
  });
});
