/**
 * RFC 4180 CSV: CRLF line ends, fields quoted when they hold a comma, a quote or a line
 * break, quotes doubled. The reader accepts CRLF or LF and a UTF-8 byte-order mark.
 */

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function csvLine(fields: string[]): string {
  return fields.map(csvField).join(',');
}

/**
 * A line with every field quoted: a reader that splits on another character (a `;` locale)
 * still sees each field start with a quote, never with the text inside it.
 */
export function csvQuotedLine(fields: string[]): string {
  return fields.map((f) => `"${f.replace(/"/g, '""')}"`).join(',');
}

export class CsvSyntaxError extends Error {
  constructor(
    message: string,
    public readonly line: number,
  ) {
    super(message);
    this.name = 'CsvSyntaxError';
  }
}

/** Rows of fields, each with the (1-based) line it starts on. Blank lines are skipped. */
export function parseCsv(text: string): { line: number; fields: string[] }[] {
  const s = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const rows: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let rowLine = 1;
  let i = 0;
  let quotedField = false;
  const endRow = () => {
    fields.push(field);
    if (!(fields.length === 1 && fields[0] === '' && !quotedField))
      rows.push({ line: rowLine, fields });
    fields = [];
    field = '';
    quotedField = false;
  };
  while (i < s.length) {
    const ch = s[i]!;
    if (ch === '"' && field === '' && !quotedField) {
      quotedField = true;
      i++;
      for (;;) {
        if (i >= s.length) throw new CsvSyntaxError('a quoted field is not closed', rowLine);
        const c = s[i]!;
        if (c === '"') {
          if (s[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        if (c === '\n') line++;
        field += c;
        i++;
      }
      const next = s[i];
      if (next !== undefined && next !== ',' && next !== '\r' && next !== '\n') {
        throw new CsvSyntaxError('text after a closing quote', rowLine);
      }
      continue;
    }
    if (ch === ',') {
      fields.push(field);
      field = '';
      quotedField = false;
      i++;
      continue;
    }
    if (ch === '\r' || ch === '\n') {
      endRow();
      i += ch === '\r' && s[i + 1] === '\n' ? 2 : 1;
      line++;
      rowLine = line;
      continue;
    }
    field += ch;
    i++;
  }
  if (field !== '' || fields.length || quotedField) endRow();
  return rows;
}
