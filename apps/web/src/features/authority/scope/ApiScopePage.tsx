import { ScopePage } from './ScopePage';

export default function ApiScopePage() {
  return <ScopePage kind="api" />;
}
