/**
 * The designer's properties panel: the selected field's common settings (label, value key, width, required,
 * hidden, placeholder, default, validation patterns) and those of its key (numbers, options and their source,
 * date format, upload limits, picker ranges, related module, data interface, bill rule, formula, sub-table
 * summary, layout texts and panes). The rows live in ./properties/, the form's own settings in ./FormProps.
 */
import { Form, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CommonRows } from './properties/CommonRows';
import { PanesEditor } from './properties/PanesEditor';
import {
  AccordionRow,
  AreaLevelRow,
  BillRuleRow,
  CalculateRows,
  DividerRows,
  OrgRows,
  PopupSelectRows,
  RelationFormRows,
  TableSummaryRows,
} from './properties/PickerRows';
import { CHOICES, type FieldsProps, ORG } from './properties/patch';
import { usePickerSources } from './properties/usePickerSources';
import { ChoiceRows, DateFormatRow, NumericRows, TextRows, UploadRows } from './properties/ValueRows';

export function PropertiesPanel({ field: f, fields, onChange }: FieldsProps) {
  const { t } = useTranslation();
  const key = f.__config__.jnpfKey;
  const { modules, interfaces, billRules, dictTypes } = usePickerSources();
  const p = { field: f, onChange };
  return (
    <Form layout="vertical" size="small" data-testid="properties-panel">
      <Typography.Paragraph>
        <Tag>{t(`lowcode.key.${key}`, { defaultValue: key })}</Tag>
      </Typography.Paragraph>
      <CommonRows {...p} />
      {(key === 'input' || key === 'textarea') && <TextRows {...p} />}
      {['inputNumber', 'slider', 'rate'].includes(key) && <NumericRows {...p} />}
      {CHOICES.includes(key) && <ChoiceRows {...p} dictTypes={dictTypes} interfaces={interfaces} />}
      {(key === 'datePicker' || key === 'timePicker') && <DateFormatRow {...p} />}
      {(key === 'uploadFile' || key === 'uploadImg') && <UploadRows {...p} />}
      {ORG.includes(key) && <OrgRows {...p} />}
      {key === 'areaSelect' && <AreaLevelRow {...p} />}
      {key === 'relationForm' && <RelationFormRows {...p} modules={modules} />}
      {key === 'popupSelect' && <PopupSelectRows {...p} interfaces={interfaces} />}
      {key === 'billRule' && <BillRuleRow {...p} billRules={billRules} />}
      {key === 'calculate' && <CalculateRows {...p} fields={fields} />}
      {key === 'table' && <TableSummaryRows {...p} />}
      {key === 'divider' && <DividerRows {...p} />}
      {(key === 'tab' || key === 'collapse') && <PanesEditor {...p} />}
      {key === 'collapse' && <AccordionRow {...p} />}
    </Form>
  );
}
