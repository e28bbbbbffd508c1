import { readOperatorSession } from '#app/features/operators/console-guard.server.ts'
import type { Route } from './+types/console-area'

export const middleware: Route.MiddlewareFunction[] = [readOperatorSession]
