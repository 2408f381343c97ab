// The import boundaries of eslint.config.js, proven on code that never touches the disk: each
// import is resolved to a real file of the app, so the zones hold however the path is written.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { ESLint } from 'eslint'
import { beforeAll, describe, expect, it } from 'vitest'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..')
const RULE = 'import-x/no-restricted-paths'
let eslint: ESLint

// Loading the config, the parser and the resolver takes seconds on a busy machine: do it once, before the clock of any test.
beforeAll(async () => {
  eslint = new ESLint({ cwd: root })
  await eslint.lintText('export {}\n', { filePath: path.join(root, 'apps/web/src/lib/warm-up.ts') })
}, 120_000)

/** The boundary errors ESLint reports for `code` saved as `file` (a path inside apps/web/src). */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, 'apps/web/src', file) })
  return result!.messages.filter((m) => m.ruleId === RULE || m.fatal).map((m) => m.message)
}

describe('import boundaries', { timeout: 30_000 }, () => {
  it.each([
    ['a sibling feature by relative path', 'features/swap/x.ts', `import { deriveAdd } from '../liquidity/derive-liquidity.ts'\nexport const f = deriveAdd`],
    ['a sibling feature by the @/ alias', 'features/swap/x.ts', `import { deriveAdd } from '@/features/liquidity/derive-liquidity.ts'\nexport const f = deriveAdd`],
    ['a sibling feature from a nested folder', 'features/swap/components/x.tsx', `import type { AddView } from '../../liquidity/derive-liquidity.ts'\nexport type V = AddView`],
    ['a sibling feature by dynamic import', 'features/swap/x.ts', `export const page = () => import('../liquidity/liquidity-page.tsx')`],
    ['a feature from lib', 'lib/x.ts', `import { deriveSwap } from '../features/swap/derive-swap.ts'\nexport const f = deriveSwap`],
    ['a feature from components', 'components/dex/x.tsx', `import { deriveSwap } from '@/features/swap/derive-swap.ts'\nexport const f = deriveSwap`],
    ['the app from lib', 'lib/x.ts', `import { routes } from '@/app/routes.tsx'\nexport const r = routes`],
    ['the app from a feature', 'features/swap/x.ts', `import { routes } from '../../app/routes.tsx'\nexport const r = routes`],
    ['components from lib', 'lib/tx/x.ts', `import { ToastProvider } from '@/components/ui/toast/toast-provider.tsx'\nexport const p = ToastProvider`],
    ['components from lib by relative path', 'lib/x.ts', `import { ToastProvider } from '../components/ui/toast/toast-provider.tsx'\nexport const p = ToastProvider`],
  ])('refuses %s', async (_name, file, code) => {
    const errors = await boundaryErrors(file, code)
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatch(/must not import|Only src\/app/)
  })

  it.each([
    ['its own feature by relative path', 'features/swap/x.ts', `import { deriveSwap } from './derive-swap.ts'\nexport const f = deriveSwap`],
    ['its own feature by the @/ alias', 'features/swap/components/x.tsx', `import { deriveSwap } from '@/features/swap/derive-swap.ts'\nexport const f = deriveSwap`],
    ['shared code from a feature', 'features/swap/x.ts', `import { shortenAddress } from '@/lib/format.ts'\nimport { Modal } from '../../components/ui/modal.tsx'\nexport const f = [shortenAddress, Modal]`],
    ['a feature from the app', 'app/x.ts', `import { SwapPage } from '@/features/swap/swap-page.tsx'\nexport const p = SwapPage`],
    ['lib from components', 'components/ui/x.tsx', `import { useToast } from '@/lib/toast/use-toast.ts'\nexport const f = useToast`],
  ])('allows %s', async (_name, file, code) => {
    expect(await boundaryErrors(file, code)).toEqual([])
  })
})
