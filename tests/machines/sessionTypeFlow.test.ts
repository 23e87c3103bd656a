import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  sessionTypeFlowMachine,
  type SessionTypeFlowEvent,
} from '../../src/machines/sessionTypeFlow';

function run(events: SessionTypeFlowEvent[]) {
  const actor = createActor(sessionTypeFlowMachine).start();
  for (const e of events) actor.send(e);
  return actor;
}

describe('session-type flow', () => {
  it('classic: selection -> guidance (3 steps) -> /session/classic?pattern=box&flow=adaptive', () => {
    const a = run([{ type: 'CHOOSE_CLASSIC' }]);
    expect(a.getSnapshot().value).toBe('guidanceClassic');
    expect(a.getSnapshot().context.step).toBe(0);
    a.send({ type: 'START' }); // not on the last step yet: ignored
    expect(a.getSnapshot().value).toBe('guidanceClassic');
    a.send({ type: 'NEXT' });
    a.send({ type: 'NEXT' });
    expect(a.getSnapshot().context.step).toBe(2);
    a.send({ type: 'NEXT' }); // no fourth step
    expect(a.getSnapshot().context.step).toBe(2);
    a.send({ type: 'START' });
    expect(a.getSnapshot().status).toBe('done');
    expect(a.getSnapshot().output).toMatchObject({ mode: 'classic', search: { pattern: 'box', flow: 'adaptive' } });
    expect(a.getSnapshot().output!.storePatternId).toBeNull();
  });

  it('enhanced: selection -> pattern selection -> guidance -> /session/enhanced?flow=adaptive', () => {
    const a = run([{ type: 'CHOOSE_ENHANCED' }]);
    expect(a.getSnapshot().value).toBe('patternSelection');
    a.send({ type: 'NEXT' });
    expect(a.getSnapshot().value).toBe('patternSelection');
    a.send({ type: 'SELECT_PATTERN', patternId: '' });
    expect(a.getSnapshot().value).toBe('patternSelection');
    a.send({ type: 'SELECT_PATTERN', patternId: 'sleep' });
    expect(a.getSnapshot().value).toBe('guidanceEnhanced');
    a.send({ type: 'SKIP' });
    expect(a.getSnapshot().status).toBe('done');
    expect(a.getSnapshot().output).toMatchObject({ mode: 'enhanced', search: { flow: 'adaptive' } });
    expect(a.getSnapshot().output!.search).not.toHaveProperty('pattern');
    expect(a.getSnapshot().output!.storePatternId).toBe('sleep');
  });

  it('Skip Guide works from any step', () => {
    for (const nexts of [0, 1, 2]) {
      const a = run([
        { type: 'CHOOSE_CLASSIC' },
        ...Array<SessionTypeFlowEvent>(nexts).fill({ type: 'NEXT' }),
        { type: 'SKIP' },
      ]);
      expect(a.getSnapshot().status).toBe('done');
    }
  });

  it('Back walks the steps, then leaves guidance for where it came from', () => {
    const c = run([
      { type: 'CHOOSE_CLASSIC' },
      { type: 'NEXT' },
      { type: 'NEXT' },
      { type: 'BACK' },
    ]);
    expect(c.getSnapshot().context.step).toBe(1);
    c.send({ type: 'BACK' });
    c.send({ type: 'BACK' });
    expect(c.getSnapshot().value).toBe('selection');
    expect(c.getSnapshot().context).toEqual({ mode: null, step: 0, patternId: null });

    const e = run([
      { type: 'CHOOSE_ENHANCED' },
      { type: 'SELECT_PATTERN', patternId: 'box' },
      { type: 'BACK' },
    ]);
    expect(e.getSnapshot().value).toBe('patternSelection');
    e.send({ type: 'BACK' });
    expect(e.getSnapshot().value).toBe('selection');
  });

  it('re-entering guidance starts at step 1 again', () => {
    const e = run([
      { type: 'CHOOSE_ENHANCED' },
      { type: 'SELECT_PATTERN', patternId: 'box' },
      { type: 'NEXT' },
      { type: 'NEXT' },
    ]);
    expect(e.getSnapshot().context.step).toBe(2);
    e.send({ type: 'BACK' });
    e.send({ type: 'BACK' });
    e.send({ type: 'BACK' });
    e.send({ type: 'SELECT_PATTERN', patternId: 'relaxation' });
    expect(e.getSnapshot().context).toMatchObject({ step: 0, patternId: 'relaxation' });
  });
});
