import { DashboardView } from '../features/dashboard/dashboard-view';
import { photoAdder, photoManager } from './photo-slots';

/** The dashboard with the photos feature's Manage Photos and Add photos in its product cards. */
export function DashboardPage() {
  return <DashboardView photoManager={photoManager} photoAdder={photoAdder} />;
}
