/** One write path: use cases run in one transaction with policy, audit, cascades and events. */
export {
  runUseCase,
  runAccountUseCase,
  type UseCase,
  type AccountUseCase,
  type AccountActor,
  type UseCaseAudit,
  type WriteActor,
} from './use-case.js';
export { actorOf, accountActorOf } from './http.js';
export { authorize, authorizeOwn, allows, denial, type PolicyResource } from './policy.js';
export { Cascades, type CascadeHandler, type Removal } from './cascades.js';
