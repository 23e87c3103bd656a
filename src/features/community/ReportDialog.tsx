import { useState } from 'react';
import type { ReportReason } from '../../backend/api/communityApi';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { TextAreaField } from '../../ui/Field';

const REASONS: { value: ReportReason; label: string }[] = [
  { value: 'spam', label: 'Spam or advertising' },
  { value: 'harassment', label: 'Harassment or hate' },
  { value: 'harmful', label: 'Harmful or dangerous advice' },
  { value: 'other', label: 'Something else' },
];

/** Report a post: a reason and optional details; the post disappears from your feed at once. */
export function ReportDialog({
  open,
  onOpenChange,
  author,
  onReport,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  author: string;
  onReport: (reason: ReportReason, details?: string) => void;
}) {
  const [reason, setReason] = useState<ReportReason>('spam');
  const [details, setDetails] = useState('');
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Report ${author}'s post`}
      description="The post is hidden from your feed at once; the report is kept for review."
    >
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          onReport(reason, details.trim() || undefined);
          onOpenChange(false);
        }}
      >
        <fieldset className="platform-picker">
          <legend>Reason</legend>
          {REASONS.map((r) => (
            <label key={r.value} className="platform-picker__option">
              <input type="radio" name="report-reason" value={r.value} checked={reason === r.value} onChange={() => setReason(r.value)} />
              <span>{r.label}</span>
            </label>
          ))}
        </fieldset>
        <TextAreaField label="Details (optional)" value={details} maxLength={500} rows={3} onChange={(e) => setDetails(e.target.value)} />
        <div className="row">
          <Button type="submit" variant="danger">
            Report post
          </Button>
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
