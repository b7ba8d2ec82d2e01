export {
  CheckoutForm,
  type CheckoutFormCollect,
  type CheckoutFormPart,
  type CheckoutFormProps,
} from './CheckoutForm.js';
export type { CheckoutMetadata, CustomFieldDefinition, FieldAnswers } from './fields.js';
