/**
 * A form's values once they pass its rules, else null: the refusal is already shown beside the fields, so a dialog's
 * OK just stops.
 */
import type { FormInstance } from 'antd';

export async function validValues<T>(form: FormInstance<T>): Promise<T | null> {
  try {
    return await form.validateFields();
  } catch {
    return null;
  }
}
