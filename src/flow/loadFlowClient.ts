/**
 * Loads FCL (about 1.1 MB) only when a token screen asks for it, configures it once for the
 * build's network (src/domain/flow/config.ts) and returns the client. Never imported by the
 * first screen: callers reach this through a dynamic import.
 */
import { AppError } from '../domain/errors/appErrors';
import { ERROR_TEXT } from '../domain/errors/messages';
import { resolveFlowConfig, type FlowConfig } from '../domain/flow/config';
import { FLOW_TX } from '../domain/flow/constants';
import { FlowClient, type FclModule, type FlowClientDeps } from './flowClient';

/** The build's Flow configuration (VITE_FLOW_*; see docs/product.md § Wallets and tokens). */
export function flowConfig(): FlowConfig {
  return resolveFlowConfig(import.meta.env as Record<string, string | boolean | undefined>);
}

/** Applies the configuration to FCL's global config. */
export function configureFcl(fcl: FclModule, config: FlowConfig, origin: string): void {
  fcl.config({
    'flow.network': config.network === 'emulator' ? 'local' : config.network,
    'accessNode.api': config.accessNode,
    'discovery.wallet': config.discoveryWallet,
    // A pop-up, not an iframe: the app's Content-Security-Policy allows no foreign frames.
    'discovery.wallet.method': 'POP/RPC',
    'app.detail.title': 'Pneuma',
    'app.detail.icon': `${origin}/icons/icon-192.png`,
    'fcl.limit': FLOW_TX.gasLimit,
  });
}

let loading: Promise<FlowClient> | null = null;

export function loadFlowClient(deps: FlowClientDeps = {}): Promise<FlowClient> {
  loading ??= import('@onflow/fcl')
    .then((fcl) => {
      const config = flowConfig();
      configureFcl(fcl, config, window.location.origin);
      return new FlowClient(fcl, config, deps);
    })
    .catch((e: unknown) => {
      loading = null;
      throw new AppError(ERROR_TEXT.flowInitFailed, { category: 'wallet', cause: e });
    });
  return loading;
}
