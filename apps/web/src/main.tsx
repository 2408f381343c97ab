// Entry point. No Buffer polyfill here: only the wallet runtime and the SDK need it, and their
// loaders evaluate it first (polyfills.ts), keeping it out of every page's first load.
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app.tsx'
import './styles/global.css'

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
