import './lens.css';
import { ALSO_ON_LENS } from './labels';
import { lensPostLink, useLens } from './lensRuntime';

/** 'Also on Lens', linked to the Lens post where a post link is configured. */
export default function LensPostLink({ lensPostId }: { lensPostId: string }) {
  const lens = useLens();
  const href = lens ? lensPostLink(lens.postUrl, lensPostId) : null;
  return href ? (
    <a className="post__lens" href={href} target="_blank" rel="noopener noreferrer">
      {ALSO_ON_LENS}
      <span className="visually-hidden"> (Lens post {lensPostId}, opens in a new tab)</span>
    </a>
  ) : (
    <span className="post__lens muted" title={`Lens post ${lensPostId}`}>
      {ALSO_ON_LENS}
    </span>
  );
}
