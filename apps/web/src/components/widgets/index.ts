/** The shared widgets of spec 1 §2.12 / spec 2 §2. */
export { AddressCascader } from './AddressCascader';
export { AmountInput } from './AmountInput';
export { CALC_DEBOUNCE_MS, CalcField } from './CalcField';
export { ImportButton, importOutcome } from './ImportButton';
export { InputTable, type InputTableHandle } from './InputTable';
export { type InputTableColumn, inputTableRule, requiredErrors, summaryOf } from './inputTableRules';
export { NumericRange } from './NumericRange';
export { type PopupRow, PopupSelect } from './PopupSelect';
export { RichTextEditor } from './RichTextEditor';
export { DEFAULT_SCRIPT, ScriptEditorDialog, scriptHooks } from './ScriptEditorDialog';
export { BillRuleSelect, DeptSelect, PostSelect } from './selectors';
export { initialTimeRange, TimeRangeSelector } from './TimeRangeSelector';
export { TreeSelectField } from './TreeSelectField';
export { CompanyTreeSelect, DeptTreeSelect, DictTreeSelect, PostTreeSelect, UserTreeSelect } from './treeSelects';
export { UserPicker } from './UserPicker';
export { FileUpload, type FileValue, ImageUpload } from './uploads';
