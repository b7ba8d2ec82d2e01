// The demo storefront's entry: the library's default theme, the storefront's own styles, React.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../../src/styles.css';
import './demo.css';
import { App } from './App.js';

const root = document.getElementById('root');
if (!root) throw new Error('billing-kit demo: index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
