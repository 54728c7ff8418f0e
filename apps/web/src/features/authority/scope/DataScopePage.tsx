import { ScopePage } from './ScopePage';

export default function DataScopePage() {
  return <ScopePage kind="data" />;
}
