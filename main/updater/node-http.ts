import {
  request as httpRequest,
  type ClientRequest,
  type IncomingMessage,
  type RequestOptions,
} from 'node:http';
import { request as httpsRequest } from 'node:https';
import {
  HttpExecutor,
  configureRequestOptions,
  configureRequestUrl,
  type DownloadOptions,
} from 'builder-util-runtime';

/**
 * electron-updater's HTTP in plain Node. In the app it uses Electron's `net` (the OS proxy and
 * certificate store); Node has neither, so tests (and any Node tool) give the updater this one,
 * which downloads and verifies exactly as the app's does: the same HttpExecutor, only the
 * request differs.
 */
export class NodeHttpExecutor extends HttpExecutor<ClientRequest> {
  override createRequest(
    options: RequestOptions,
    callback: (response: IncomingMessage) => void,
  ): ClientRequest {
    return (options.protocol === 'https:' ? httpsRequest : httpRequest)(options, callback);
  }

  async download(url: URL, destination: string, options: DownloadOptions): Promise<string> {
    return options.cancellationToken.createPromise<string>((resolve, reject, onCancel) => {
      const requestOptions: RequestOptions = { headers: options.headers ?? undefined };
      configureRequestUrl(url, requestOptions);
      configureRequestOptions(requestOptions);
      this.doDownload(
        requestOptions,
        {
          destination,
          options,
          onCancel,
          callback: (error: Error | null) => (error == null ? resolve(destination) : reject(error)),
          responseHandler: null,
        },
        0,
      );
    });
  }
}
