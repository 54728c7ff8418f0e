// bpmn-moddle 10 ships its types under a subpath export that `moduleResolution: bundler` does not pick up.
declare module 'bpmn-moddle' {
  export const BpmnModdle: new (
    packages?: Record<string, unknown>,
  ) => {
    fromXML(xml: string): Promise<{ rootElement: any; warnings: any[] }>;
    toXML(element: any, options?: Record<string, unknown>): Promise<{ xml: string }>;
    create(type: string, attrs?: Record<string, unknown>): any;
  };
}
