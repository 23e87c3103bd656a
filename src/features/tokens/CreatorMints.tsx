import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { QueryProvider } from '../../backend/queryClient';
import { shortFlowAddress } from '../../domain/flow/address';
import { resolveFlowConfig, type FlowConfig } from '../../domain/flow/config';
import {
  checkMintForm,
  type MintFormErrors,
  type MintFormText,
} from '../../domain/tokens/mintForm';
import { Button } from '../../ui/Button';
import { BatchMint } from './BatchMint';
import { TOKEN_TEXT, progressText, tokenLine } from './labels';
import { batchMintPatterns, failureText, mintPublishedPattern } from './mintFlow';
import { MintForm, initialMintForm, type MintablePattern } from './MintForm';
import { MintHistory, mintsKey } from './MintHistory';
import { MintStatus } from './MintStatus';
import { OwnedTokens } from './OwnedTokens';
import { useFlowWallet } from './useFlowWallet';
import './tokens.css';

/**
 * The creator hub's mint section (docs/product.md § Wallets and tokens): connect a Flow
 * wallet (the account is set up once), mint a published pattern with royalties, follow the
 * transaction to its seal, mint several at once, and see past mints. FCL loads only when
 * the wallet is connected (or was on the last visit).
 */
export function CreatorMints({ patterns }: { patterns: readonly MintablePattern[] }) {
  // The build's configuration is fixed; reading it here touches no browser API.
  const config = useMemo(
    () => resolveFlowConfig(import.meta.env as Record<string, string | boolean | undefined>),
    [],
  );
  // Queries start after mount: a prerendered page makes none (no timer keeps the build alive).
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  // The reason is for whoever runs the app (it names settings), not for the person here.
  useEffect(() => {
    if (config.problem) console.info(`[pneuma] token minting is off: ${config.problem}`);
  }, [config.problem]);
  if (!mounted) return null;
  return (
    <QueryProvider>
      {config.problem ? (
        <div className="stack token-section">
          <p role="note">Minting pattern tokens is not offered here.</p>
          <MintHistory names={new Map(patterns.map((p) => [p.id, p.name]))} />
        </div>
      ) : (
        <MintSection patterns={patterns} config={config} />
      )}
    </QueryProvider>
  );
}

function MintSection({
  patterns,
  config,
}: {
  patterns: readonly MintablePattern[];
  config: FlowConfig;
}) {
  const wallet = useFlowWallet();
  const qc = useQueryClient();
  const names = useMemo(() => new Map(patterns.map((p) => [p.id, p.name])), [patterns]);
  const [form, setForm] = useState<MintFormText | null>(null);
  const [errors, setErrors] = useState<MintFormErrors>({});
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ text: string; tone?: 'error' | 'done' } | null>(null);
  const [batchLines, setBatchLines] = useState<ReadonlyMap<string, string>>(new Map());

  const address = wallet.address;
  const current = form ?? (address ? initialMintForm(patterns, address) : null);

  const mintOne = async () => {
    if (!wallet.client || !current) return;
    const checked = checkMintForm(current, config.network);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    setStatus({ text: 'Checking the pattern with the server…' });
    try {
      const record = await mintPublishedPattern(wallet.client, checked.request, (p) =>
        setStatus({ text: progressText(p) }),
      );
      setStatus({ text: `Minted: ${tokenLine(record.tokenIds, record.owner)}.`, tone: 'done' });
      void wallet.refreshAccount();
    } catch (e) {
      setStatus({ text: failureText(e), tone: 'error' });
    } finally {
      setBusy(false);
      void qc.invalidateQueries({ queryKey: mintsKey });
    }
  };

  const mintMany = async (patternIds: string[]) => {
    if (!wallet.client || !current) return;
    const inputs = [];
    for (const id of patternIds) {
      const checked = checkMintForm({ ...current, patternId: id, copies: '1' }, config.network);
      if (!checked.ok) {
        setErrors(checked.errors);
        setStatus({
          text: 'Fix the form above first: the batch uses its recipient and royalties.',
          tone: 'error',
        });
        return;
      }
      inputs.push(checked.request);
    }
    setErrors({});
    setBusy(true);
    setStatus(null);
    setBatchLines(new Map(patternIds.map((id) => [id, 'Waiting…'])));
    const line = (i: number, text: string) =>
      setBatchLines((m) => new Map(m).set(patternIds[i] as string, text));
    try {
      const results = await batchMintPatterns(wallet.client, inputs, (i, p) =>
        line(i, progressText(p)),
      );
      results.forEach((r, i) =>
        line(i, r.ok ? `Minted: ${tokenLine(r.record.tokenIds, r.record.owner)}.` : r.error),
      );
      const ok = results.filter((r) => r.ok).length;
      setStatus({
        text: `${ok} of ${results.length} minted.`,
        tone: ok === results.length ? 'done' : 'error',
      });
    } catch (e) {
      setStatus({ text: failureText(e), tone: 'error' });
    } finally {
      setBusy(false);
      void qc.invalidateQueries({ queryKey: mintsKey });
    }
  };

  if (patterns.length === 0) return <p className="muted">{TOKEN_TEXT.noPatterns}</p>;

  return (
    <div className="stack token-section">
      <div className="row token-wallet">
        {address ? (
          <>
            <p>
              Flow wallet <strong title={address}>{shortFlowAddress(address)}</strong> on{' '}
              {config.network}
              {wallet.account ? ` · ${Number(wallet.account.balance).toLocaleString()} FLOW` : ''}
            </p>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => void wallet.disconnect()}
              disabled={busy}
            >
              {TOKEN_TEXT.disconnect}
            </Button>
          </>
        ) : (
          <Button
            onClick={() => void wallet.connect()}
            disabled={wallet.phase === 'loading' || wallet.phase === 'connecting'}
          >
            {wallet.phase === 'loading' || wallet.phase === 'connecting'
              ? TOKEN_TEXT.connecting
              : TOKEN_TEXT.connect}
          </Button>
        )}
      </div>
      {wallet.phase === 'settingUp' ? (
        <MintStatus
          label="Account setup status"
          text={
            wallet.progress
              ? `${TOKEN_TEXT.settingUp} ${progressText(wallet.progress)}`
              : TOKEN_TEXT.settingUp
          }
        />
      ) : null}
      {wallet.phase === 'error' && wallet.error ? (
        <p role="alert" className="token-status token-status--error">
          {wallet.error}
        </p>
      ) : null}
      {wallet.phase === 'ready' && address && current ? (
        <>
          <MintForm
            patterns={patterns}
            address={address}
            form={current}
            errors={errors}
            busy={busy}
            onChange={(patch) => setForm({ ...current, ...patch })}
            onSubmit={() => void mintOne()}
          />
          <MintStatus label="Mint status" text={status?.text ?? null} tone={status?.tone} />
          {patterns.length > 1 ? (
            <BatchMint
              patterns={patterns}
              busy={busy}
              lines={batchLines}
              onMint={(ids) => void mintMany(ids)}
            />
          ) : null}
          {wallet.client ? <OwnedTokens client={wallet.client} address={address} /> : null}
        </>
      ) : null}
      <MintHistory names={names} />
    </div>
  );
}
