/**
 * 抄表记录 (营业收费 › 用户管理): meter reads — meter, read time, reading, and the consumption since the previous read
 * (computed by the server; a lower reading is refused unless flagged as a meter replacement); xlsx import.
 */
import { readingApi, readingImportApi } from './api';
import { readingColumns } from './columns';
import { RegisterPage } from './RegisterPage';

export default function ReadingPage() {
  return (
    <RegisterPage
      name="reading"
      api={readingApi}
      columnsOf={readingColumns}
      title="reading.title"
      permission="customer_reading"
      importApi={readingImportApi}
      importTitle="customer.importReadings"
      keyTitle="xlsxImport.key"
    />
  );
}
