import { Card } from '@/components/card';

/** The dashboard's help text about SKUs, thumbnails, reordering and editing. */
export function DashboardHelp() {
  return (
    <Card className="bg-slate-50 p-5 text-sm text-slate-600">
      <h3 className="font-semibold text-slate-800">How batches work</h3>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        <li>SKUs are auto-assigned as PSTFSH-001, 002 and so on.</li>
        <li>The first photo is the thumbnail.</li>
        <li>Photos can be reordered by dragging and deleted individually.</li>
        <li>The SKU can be edited.</li>
      </ul>
    </Card>
  );
}
