/** A light loading indicator for lazy routes and pages (no antd Spin in the login route's bundle). */
export function PageSpin() {
  return (
    <div className="swp-page-spin" role="status" aria-busy="true">
      <span className="swp-spinner" />
    </div>
  );
}
