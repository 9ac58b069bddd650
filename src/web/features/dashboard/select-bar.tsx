import { Button } from '@/components/button';
import { TrashIcon } from '@/components/icons';

interface SelectBarProps {
  selectedCount: number;
  allSelected: boolean;
  onSelectAll(): void;
  onDeselectAll(): void;
  onDeleteSelected(): void;
  deleting: boolean;
  /** "List on...": the channel picker for the selected items (absent: not offered). */
  onListOnSelected?(): void;
  /** "Publish when ready": the autopilot's rule for the selected items (absent: not offered). */
  onAutopilotSelected?(): void;
}

/** Select mode: Select All / Deselect All, List on... (the channel picker), Publish when ready (autopilot) and Delete Selected (behind a confirmation). */
export function SelectBar({
  selectedCount,
  allSelected,
  onSelectAll,
  onDeselectAll,
  onDeleteSelected,
  deleting,
  onListOnSelected,
  onAutopilotSelected,
}: SelectBarProps) {
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-xl border border-indigo-200 bg-indigo-50 px-3 py-2" data-testid="select-bar">
      <span className="w-full text-sm font-semibold text-indigo-900 sm:mr-auto sm:w-auto">{selectedCount} selected</span>
      <Button variant="secondary" size="sm" onClick={allSelected ? onDeselectAll : onSelectAll} className="flex-auto sm:flex-none">
        {allSelected ? 'Deselect All' : 'Select All'}
      </Button>
      {onListOnSelected && (
        <Button variant="primary" size="sm" onClick={onListOnSelected} disabled={selectedCount === 0} className="flex-auto sm:flex-none">
          List on...
        </Button>
      )}
      {onAutopilotSelected && (
        <Button
          variant="secondary"
          size="sm"
          onClick={onAutopilotSelected}
          disabled={selectedCount === 0}
          className="flex-auto sm:flex-none"
        >
          Publish when ready
        </Button>
      )}
      <Button
        variant="danger"
        size="sm"
        onClick={onDeleteSelected}
        disabled={selectedCount === 0}
        loading={deleting}
        className="flex-auto sm:flex-none"
      >
        {!deleting && <TrashIcon className="size-4" />}
        Delete Selected
      </Button>
    </div>
  );
}
