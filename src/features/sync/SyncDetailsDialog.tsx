import { Dialog } from '../../ui/Dialog';
import { SyncStatusPanel } from './SyncStatusPanel';

export function SyncDetailsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Sync status">
      <SyncStatusPanel headingLevel={null} />
      <div className="sync-dialog__close">
        <button type="button" className="btn btn--secondary btn--sm" onClick={() => onOpenChange(false)}>
          Close
        </button>
      </div>
    </Dialog>
  );
}
