export {
  type DiscountCheck,
  DiscountField,
  type DiscountFieldChangeDetails,
  type DiscountFieldPart,
  type DiscountFieldProps,
  type DiscountFieldStatus,
  type DiscountReason,
  describeDiscount,
} from './DiscountField.js';
export { type DiscountTarget, discountOff, discountReason } from './discount.js';
