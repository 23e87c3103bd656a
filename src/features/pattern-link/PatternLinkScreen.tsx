import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useAuth } from '../../app/auth/authStore';
import { useOffersPractice } from '../../app/onScreenPractice';
import { createCustomPattern } from '../../data/customPatternsRepo';
import { linkedPatternId, type LinkedPattern } from '../../domain/links/patternLink';
import { CATEGORY_LABELS, cycleSeconds, timingLabel } from '../../domain/patterns';
import { requestSync } from '../../sync/page/syncEngine';
import { Button, buttonClass } from '../../ui/Button';
import { StartTogether } from '../together';
import { COPY_REFUSED_TEXT, useCopyLink } from './ShareLinkButton';
import './patternLink.css';

/**
 * A pattern opened from its link (`/p/…`): a preview, "Breathe now" (a classic session with
 * it, offline too: nothing here needs the server), "Save to library", the link to pass on,
 * and for members "Breathe together".
 */
export function PatternLinkScreen({ pattern }: { pattern: LinkedPattern }) {
  const navigate = useNavigate();
  const auth = useAuth();
  const [saved, setSaved] = useState<'no' | 'saving' | 'yes' | 'failed'>('no');
  const [copied, copy] = useCopyLink();
  const breathe = (start?: 'now') =>
    void navigate({
      to: '/session/$mode',
      params: { mode: 'classic' },
      search: start ? { start } : {},
      state: { pattern: { ...pattern, id: linkedPatternId(pattern) } },
    });
  // The play button starts this pattern (at once, as it does everywhere), not the remembered one.
  useOffersPractice(pattern.name, () => breathe('now'));
  const save = async () => {
    setSaved('saving');
    try {
      await createCustomPattern(pattern, { userId: auth.user?.id ?? null });
      requestSync();
      setSaved('yes');
    } catch {
      setSaved('failed');
    }
  };
  return (
    <section className="page link-page" aria-labelledby="link-pattern-title">
      <p className="muted link-page__kicker">A pattern shared with you</p>
      <div className="card link-pattern">
        <h1 id="link-pattern-title">{pattern.name}</h1>
        <p className="link-pattern__rhythm">
          <span aria-label="Rhythm in seconds: inhale, hold, exhale, hold after exhale">
            {timingLabel(pattern)}
          </span>
          <span className="muted"> · {cycleSeconds(pattern)} s a breath</span>
        </p>
        <p className="muted">
          {CATEGORY_LABELS[pattern.category]} · {pattern.difficulty}
        </p>
        {pattern.description ? <p>{pattern.description}</p> : null}
        {pattern.benefits.length ? (
          <ul className="link-pattern__benefits">
            {pattern.benefits.map((b, i) => (
              <li key={i}>{b}</li>
            ))}
          </ul>
        ) : null}
        <div className="row link-pattern__actions">
          <Button onClick={() => breathe()}>Practice now</Button>
          <Button
            variant="secondary"
            disabled={saved === 'saving' || saved === 'yes'}
            onClick={() => void save()}
          >
            {saved === 'yes' ? 'Saved to your library' : 'Save to library'}
          </Button>
          <Button
            variant="ghost"
            onClick={() => void copy(window.location.href)}
          >
            Copy link
          </Button>
        </div>
        <p role="status" className="muted link-pattern__status">
          {saved === 'yes' ? (
            <>
              {pattern.name} is in your library. <Link to="/patterns">Open the library</Link>
            </>
          ) : null}
          {saved === 'failed'
            ? 'This device could not save the pattern (its storage refused). Try again.'
            : null}
          {copied === 'copied' ? 'Link copied.' : null}
          {copied === 'failed' ? COPY_REFUSED_TEXT : null}
        </p>
      </div>
      {auth.status === 'signedIn' ? (
        <StartTogether pattern={pattern} />
      ) : (
        <div className="card link-pattern__together">
          <h2>Practice together</h2>
          <p className="muted">
            Members can start a shared session of this pattern: everyone who opens its link breathes
            on the same beat.
          </p>
          <Link to="/auth" className={buttonClass('secondary', 'sm')}>
            Sign in to start one
          </Link>
        </div>
      )}
    </section>
  );
}
