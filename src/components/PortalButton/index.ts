export {
  PortalButton,
  type PortalButtonPart,
  type PortalButtonProps,
  type PortalButtonState,
} from './PortalButton.js';
