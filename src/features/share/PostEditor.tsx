import { useState } from 'react';
import { POST_CHAR_LIMIT, postCharCount, postCounter } from '../../domain/share/postText';
import { Button } from '../../ui/Button';
import { TextAreaField } from '../../ui/Field';
import { copyText } from './runShare';

/** The post box: the text, its N/280 counter, and Copy. */
export function PostEditor({ text, onChange }: { text: string; onChange: (text: string) => void }) {
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  const count = postCharCount(text);
  const over = count - POST_CHAR_LIMIT;
  return (
    <div className="post-editor">
      <TextAreaField
        label="Your post"
        value={text}
        rows={5}
        onChange={(e) => {
          onChange(e.target.value);
          setCopied('idle');
        }}
        hint={
          <span className={over > 0 ? 'post-editor__count post-editor__count--over' : 'post-editor__count'} data-testid="post-counter">
            {postCounter(text)}
          </span>
        }
        error={over > 0 ? `Your post is ${over} ${over === 1 ? 'character' : 'characters'} over the limit of ${POST_CHAR_LIMIT}.` : undefined}
      />
      <div className="post-editor__actions">
        <Button
          variant="secondary"
          size="sm"
          disabled={text.trim() === ''}
          onClick={async () => setCopied((await copyText(text)) ? 'copied' : 'failed')}
        >
          Copy
        </Button>
        <span role="status" className="muted">
          {copied === 'copied' ? 'Copied to the clipboard.' : null}
          {copied === 'failed' ? 'This browser did not allow copying: select the text and copy it yourself.' : null}
        </span>
      </div>
    </div>
  );
}
