/**
 * The bpmn-js entry of the designer and the viewer: imported only with `import('./bpmn')`, so bpmn-js and its
 * styles stay out of the main bundle (they load with the designer or the diagram of a task detail).
 */
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn-embedded.css';
import Modeler from 'bpmn-js/lib/Modeler';
import NavigatedViewer from 'bpmn-js/lib/NavigatedViewer';
import { flowableDescriptor } from './flowable';
import { subsetModule, translateModule } from './modules';

export function createModeler(container: HTMLElement, language: string) {
  return new Modeler({
    container,
    additionalModules: [translateModule(language), subsetModule],
    moddleExtensions: { flowable: flowableDescriptor },
  });
}

export function createViewer(container: HTMLElement) {
  return new NavigatedViewer({ container, moddleExtensions: { flowable: flowableDescriptor } });
}
