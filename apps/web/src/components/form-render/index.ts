/** The one renderer of the low-code form schema (JNPF `formConf`), shared by every screen that shows such a form. */
export { FieldControl, inputTableColumns, useFieldOptions } from './controls';
export {
  checkedValues,
  FormProblems,
  FormRender,
  type FormRenderHandle,
  type FormRenderProps,
} from './FormRender';
export {
  calcInputs,
  dayjsFormat,
  defaultOf,
  expressionTokens,
  type FormValues,
  initialValues,
  keyOf,
  LAYOUT_KEYS,
  newTableRow,
  normaliseConf,
  staticOptions,
  tableColumns,
  valueFields,
} from './schema';
export { runSchemaHook, scriptOf } from './script';
