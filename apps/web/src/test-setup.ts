// Testing Library matchers (toBeInTheDocument, …) and a clean DOM between tests.
import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

afterEach(() => {
  cleanup()
  localStorage.clear()
  sessionStorage.clear()
})

// jsdom has no layout, so scrolling is a no-op rather than its "not implemented" error.
window.scrollTo = (() => {}) as typeof window.scrollTo
