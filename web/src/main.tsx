import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from './app';

import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('Expected an element with id "root" in index.html');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
