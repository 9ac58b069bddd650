import { ViewHeader } from '../../components/view-header';

export function CaptureView() {
  return <ViewHeader title="Step 1: Capture Photos" />;
}
