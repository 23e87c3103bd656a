/**
 * The message catalogs (src/domain/i18n/catalogs/<locale>.json, issue #45 "What it must show"):
 * there is one per locale of LOCALES; every catalog has exactly the message ids of the English
 * one; every message compiles as ICU MessageFormat (FormatJS's own parser, not a copy); and
 * each message takes the same arguments, of the same kinds, as its English original, with
 * the plural categories its language gives counts (Intl.PluralRules: Russian one/few/many/other,
 * Arabic six) and an `other` branch in every plural and select. The English step names are the ones
 * the screens show (STEP_LABELS), so the two cannot drift apart.
 *
 * Not proved: that a translation is right, natural or reviewed (docs/product.md § Languages:
 * none was reviewed by a native speaker), nor how a formatting runtime renders a message.
 * The parser is FormatJS's @formatjs/icu-messageformat-parser as installed in node_modules
 * (today through a development tool's dependencies; § Languages names the package to add).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../src/domain/i18n/locales';
import { STEP_LABELS } from '../../../src/domain/programs/programTypes';

const DIR = 'src/domain/i18n/catalogs';
type Catalog = Record<string, string>;
const catalogOf = (locale: string): Catalog =>
  JSON.parse(readFileSync(`${DIR}/${locale}.json`, 'utf8')) as Catalog;
const english = catalogOf('en');

/** Each argument of a message (`name` -> its kind) and each plural's categories, recursively. */
function argumentsOf(
  elements: MessageFormatElement[],
  args = new Map<string, string>(),
  plurals: { name: string; categories: string[]; ordinal: boolean }[] = [],
) {
  for (const el of elements) {
    if (el.type === TYPE.literal || el.type === TYPE.pound) continue;
    const kind = TYPE[el.type];
    const seen = args.get(el.value);
    if (seen && seen !== kind) throw new Error(`{${el.value}} is used as ${seen} and ${kind}`);
    args.set(el.value, kind);
    if (el.type === TYPE.tag) argumentsOf(el.children, args, plurals);
    if (el.type === TYPE.select || el.type === TYPE.plural) {
      if (!('other' in el.options)) throw new Error(`{${el.value}} has no 'other' branch`);
      if (el.type === TYPE.plural)
        plurals.push({
          name: el.value,
          categories: Object.keys(el.options),
          ordinal: el.pluralType === 'ordinal',
        });
      for (const option of Object.values(el.options)) argumentsOf(option.value, args, plurals);
    }
  }
  return { args, plurals };
}

describe('the message catalogs', () => {
  it('are one per locale, no more', () => {
    const files = readdirSync(DIR).map((f) => f.replace(/\.json$/, ''));
    expect(files.sort()).toEqual([...LOCALES].sort());
  });

  it('English names the steps as the screens do (STEP_LABELS)', () => {
    for (const [kind, label] of Object.entries(STEP_LABELS))
      expect(english[`step.${kind}`], kind).toBe(label);
  });

  it.each(LOCALES)('%s has every English message id and no other', (locale) => {
    expect(Object.keys(catalogOf(locale)).sort()).toEqual(Object.keys(english).sort());
  });

  it.each(LOCALES)(
    '%s: every message compiles, with the English arguments and its own plural forms',
    (locale) => {
      const catalog = catalogOf(locale);
      // The categories a count of 0 to 1000 falls in, and `other`: Russian needs one, few and
      // many; French has a 'many' for millions only, left to `other` as FormatJS does.
      const forms = (ordinal: boolean) => {
        const rules = new Intl.PluralRules(locale, { type: ordinal ? 'ordinal' : 'cardinal' });
        const used = new Set<string>(['other']);
        for (let n = 0; n <= 1000; n++) used.add(rules.select(n));
        return { used: [...used], known: rules.resolvedOptions().pluralCategories as string[] };
      };
      for (const [id, source] of Object.entries(english)) {
        const text = catalog[id];
        if (text === undefined) continue; // the test above names it
        expect(text.trim(), id).not.toBe('');
        const mine = argumentsOf(parse(text, { requiresOtherClause: true }));
        const theirs = argumentsOf(parse(source, { requiresOtherClause: true }));
        expect(Object.fromEntries(mine.args), id).toEqual(Object.fromEntries(theirs.args));
        for (const { name, categories, ordinal } of mine.plurals) {
          const named = categories.filter((c) => !c.startsWith('='));
          const { used, known } = forms(ordinal);
          for (const c of named) expect(known, `${id} {${name}}: ${c} in ${locale}`).toContain(c);
          for (const c of used) expect(named, `${id} {${name}} lacks ${c}`).toContain(c);
        }
      }
    },
  );
});
