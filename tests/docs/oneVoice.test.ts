/**
 * One voice in what a user reads (docs/product.md § Around the practice, 'Words'; issue 31):
 * - one English spelling, the specification's American one ('Favorite Pattern', 'color'):
 *   no British variant (practise, analyse, favourite, colour, centre, enrol, cancelled, speciality…);
 * - one word for the act, 'Practice': 'Breathe' never names a page, a tab or a button that
 *   starts a session (the verb inside a sentence, 'breathe through your nose', stays);
 * - one name for the person who teaches, 'instructor' (never teacher, tutor, trainer or
 *   coach; 'AI coaching' names a feature, not a person).
 * The text is gathered from the source (tests/support/userVisibleText.ts): JSX text and
 * literals that read as words, in src/ and server/, plus index.html and the web manifest.
 *
 * Does not prove: text built at run time from pieces (a word split across two literals),
 * text from the server's database or an AI provider, or words inside images; and a literal
 * the gatherer takes for a key (lowercase, no space) is not checked.
 */
import { describe, expect, it } from 'vitest';
import { userVisibleText, type VisibleText } from '../support/userVisibleText';

/** British spellings and the American ones the app uses instead. */
const BRITISH: readonly [RegExp, string][] = [
  [/\bpractis(e|ed|es|ing)\b/i, 'practice, practiced, practicing'],
  [/\banalys(e|ed|ing)\b/i, 'analyze, analyzed, analyzing'],
  [/\bfavourites?\b/i, 'favorite'],
  [/\bcolou?rs?\b(?<=colours?)|\bcolour(ed|ful|ing)?\b/i, 'color'],
  [/\bcentre[sd]?\b/i, 'center'],
  [/\bbehaviours?\b/i, 'behavior'],
  [/\blicences?\b/i, 'license'],
  [/\b(optimi|organi|personali|recogni|minimi|summari|customi|normali|energi|prioriti|authori|visuali|reali|categori)s(e|ed|es|ing|ation)\b/i, '-ize, -ization'],
  [/\benrol(s|ment|ments)?\b/i, 'enroll, enrollment'],
  [/\b(cancel|label|travel|model)l(ed|ing)\b/i, 'canceled, labeled, traveled, modeled'],
  [/\bgrey\b/i, 'gray'],
  [/\bcatalogues?\b/i, 'catalog'],
  [/\bprogrammes?\b/i, 'program'],
  [/\bfulfil(s|ment)?\b/i, 'fulfill'],
  [/\bwhilst\b/i, 'while'],
  [/\bspecialit(y|ies)\b/i, 'specialty, specialties'],
];

/** 'Breathe' as the name of the act (a label, a page, a start button): the app says 'Practice'. */
const BREATHE_AS_NAME: readonly RegExp[] = [
  /^Breathe$/,
  /^Breathe(,| and)/,
  /\bBreathe (now|first|together)\b/,
  /\bBreathe again:/,
  /\bTime to breathe\b/i,
  /^Breathe: $/, // a reminder's title ('Practice: Box Breathing')
];

/** Someone who teaches is an instructor. */
const OTHER_TEACHERS = /\b(teachers?|tutors?|trainers?|coach|coaches)\b/i;

/** Text a person never reads: the AI provider's instructions, SQL. */
function readByPeople(t: VisibleText): boolean {
  if (t.where.startsWith('server/coach/prompts.ts')) return false;
  if (t.where.startsWith('src/domain/programs/programText.ts')) return !/^Breathe: $/.test(t.text); // a breathing segment, not the act
  return !/\bselect\b[\s\S]*\bfrom\b/i.test(t.text);
}

const texts = userVisibleText().filter(readByPeople);

describe('one voice in what a user reads', () => {
  it('finds the text (the gatherer works)', () => {
    expect(texts.length).toBeGreaterThan(1000);
    expect(texts.some((t) => t.text.includes('Favorite Pattern'))).toBe(true);
  });

  it('spells in American English throughout, as the specification does', () => {
    const found = texts.flatMap((t) =>
      BRITISH.filter(([re]) => re.test(t.text)).map(([re, use]) => `${t.where} "${re.exec(t.text)![0]}" (use ${use}): ${t.text.slice(0, 80)}`),
    );
    expect(found).toEqual([]);
  });

  it("calls the act 'Practice', never 'Breathe' as a name", () => {
    const found = texts.filter((t) => BREATHE_AS_NAME.some((re) => re.test(t.text))).map((t) => `${t.where}: ${t.text.slice(0, 80)}`);
    expect(found).toEqual([]);
  });

  it("calls the person who teaches an 'instructor'", () => {
    const found = texts.filter((t) => OTHER_TEACHERS.test(t.text)).map((t) => `${t.where}: ${t.text.slice(0, 80)}`);
    expect(found).toEqual([]);
  });
});
