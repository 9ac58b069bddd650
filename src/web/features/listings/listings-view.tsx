import { ViewHeader } from '../../components/view-header';

export function ListingsView() {
  return <ViewHeader title="Generate Listings" subtitle="AI writes titles, descriptions and prices from your photos." />;
}
