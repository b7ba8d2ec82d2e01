export {
  CheckoutForm,
  type CheckoutFormCollect,
  type CheckoutFormPart,
  type CheckoutFormProps,
} from './CheckoutForm.js';
export type { CustomFieldDefinition, FieldAnswers } from './fields.js';
