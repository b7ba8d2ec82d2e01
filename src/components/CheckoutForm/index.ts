export {
  CheckoutForm,
  type CheckoutFormCollect,
  type CheckoutFormPart,
  type CheckoutFormProps,
  type CheckoutFormState,
} from './CheckoutForm.js';
export type { CheckoutMetadata, CustomFieldDefinition, FieldAnswers } from './fields.js';
