import { useNavigate } from 'react-router';
import { paths } from '@/app/config/paths';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { BoxIcon } from '@/components/icons';

/** No items at all: send the seller to photograph one. */
export function ListingsEmpty() {
  const navigate = useNavigate();
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-14 text-center" data-testid="listings-empty">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-slate-100 text-slate-500">
        <BoxIcon className="size-7" />
      </span>
      <p className="text-base font-semibold text-slate-800">No items yet</p>
      <p className="max-w-sm text-sm text-slate-500">Photograph a product first; its listing is written here.</p>
      <Button onClick={() => void navigate(paths.dashboard)}>Go to Dashboard</Button>
    </Card>
  );
}
