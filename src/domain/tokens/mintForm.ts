/**
 * The creator hub's mint form as typed (text) -> the mint request, and the schema's
 * complaints by field. Pure (zod only).
 */
import { mintRequestSchema, type MintRequest, type MintRequestInput } from './mintInput';
import type { FlowNetwork } from '../flow/constants';

export interface RoyaltyRowText {
  receiver: string;
  /** Percent as typed, e.g. "5" or "2.5". */
  percent: string;
  description: string;
}

export interface MintFormText {
  patternId: string;
  recipient: string;
  royalties: RoyaltyRowText[];
  /** Comma-separated. */
  tags: string;
  totalCycles: string;
  copies: string;
}

const number = (text: string): number =>
  text.trim() === '' ? Number.NaN : Number(text.trim().replace(',', '.'));

function mintFormToInput(form: MintFormText, network: FlowNetwork): MintRequestInput {
  return {
    patternId: form.patternId,
    network,
    recipient: form.recipient,
    royalties: form.royalties.map((r) => ({
      receiver: r.receiver,
      percent: number(r.percent),
      ...(r.description.trim() ? { description: r.description } : {}),
    })),
    tags: form.tags
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
    totalCycles: number(form.totalCycles),
    copies: number(form.copies),
  };
}

export type MintFormErrors = Partial<Record<string, string>>;

/** The request, or the first complaint for each field ('recipient', 'royalties.0.percent', …). */
export function checkMintForm(
  form: MintFormText,
  network: FlowNetwork,
): { ok: true; request: MintRequest } | { ok: false; errors: MintFormErrors } {
  const r = mintRequestSchema.safeParse(mintFormToInput(form, network));
  if (r.success) return { ok: true, request: r.data };
  const errors: MintFormErrors = {};
  for (const issue of r.error.issues) {
    const key = issue.path.join('.') || 'form';
    errors[key] ??= issue.message.replace(
      /^Invalid input: expected number, received NaN$/,
      'Enter a number',
    );
  }
  return { ok: false, errors };
}
