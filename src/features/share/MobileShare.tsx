import { mobilePlatforms } from '../../domain/share/platforms';
import { quickTemplates } from '../../domain/share/postTemplates';
import { LensOption } from './LensOption';
import { PostEditor } from './PostEditor';
import { ShareButton } from './ShareButton';
import { ShareResults } from './ShareResults';
import { StatsSummary } from './StatsSummary';
import { TemplateList } from './TemplateList';
import { hasWebShare, useShareComposer, type ComposerInput } from './useShareComposer';

/** The mobile share screen: three quick templates, the post box, and 'Share To' with two platforms. */
export function MobileShare(props: ComposerInput) {
  const c = useShareComposer(props);
  const platforms = mobilePlatforms(hasWebShare());
  return (
    <div className="share-mobile">
      <StatsSummary stats={props.stats} compact />
      <section aria-labelledby="quick-templates">
        <h2 id="quick-templates">Quick templates</h2>
        <TemplateList templates={quickTemplates(props.stats)} selectedText={c.text} onChoose={(t) => c.setText(t.text)} compact />
      </section>
      <PostEditor text={c.text} onChange={c.setText} />
      <section aria-labelledby="share-to">
        <h2 id="share-to">Share To</h2>
        <div className="row share-to">
          {platforms.map((p) => {
            const on = c.platforms.includes(p.id);
            return (
              <button key={p.id} type="button" className={on ? 'btn btn--primary' : 'btn btn--secondary'} aria-pressed={on} onClick={() => c.togglePlatform(p.id, !on)}>
                {p.label}
              </button>
            );
          })}
        </div>
      </section>
      <LensOption c={c} />
      <ShareButton blockers={c.blockers} sharing={c.sharing} onShare={() => void c.share()} />
      <ShareResults outcomes={c.outcomes} />
    </div>
  );
}
