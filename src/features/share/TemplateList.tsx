import type { PostTemplate } from '../../domain/share/postTemplates';
import { LineIcon } from '../../ui/LineIcon';

/** Templates written from the user's figures; choosing one puts its text in the post box. */
export function TemplateList({
  templates,
  selectedText,
  onChoose,
  compact = false,
}: {
  templates: PostTemplate[];
  selectedText: string;
  onChoose: (t: PostTemplate) => void;
  compact?: boolean;
}) {
  return (
    <ul className={compact ? 'template-list template-list--compact' : 'template-list'}>
      {templates.map((t) => (
        <li key={t.id}>
          <button
            type="button"
            className={`card card--interactive card--stack template template--${t.color}`}
            aria-pressed={selectedText === t.text}
            onClick={() => onChoose(t)}
          >
            <span className="template__title">
              <LineIcon name={t.icon} /> {t.title}
              {t.priority === 'high' && !compact ? <span className="badge badge--primary">Recommended</span> : null}
            </span>
            {!compact ? <span className="template__text">{t.text}</span> : null}
          </button>
        </li>
      ))}
    </ul>
  );
}
