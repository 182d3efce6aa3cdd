/** A response as tests look at it. */
export interface ApiResponse<T = any> {
  readonly status: number;
  readonly body: T;
  readonly headers: Headers;
}

export interface RequestOptions {
  readonly body?: unknown;
  readonly query?: Record<string, string | number | boolean | readonly (string | number)[] | undefined>;
  readonly headers?: Record<string, string>;
  /** A body sent as is, with its own Content-Type header. */
  readonly raw?: string | Uint8Array;
}

/** A thin fetch client bound to a base URL and (optionally) an API key. */
export class ApiClient {
  constructor(
    readonly baseUrl: string,
    readonly key?: string,
  ) {}

  as(key: string | undefined): ApiClient {
    return new ApiClient(this.baseUrl, key);
  }

  async request<T = any>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const url = new URL(path, this.baseUrl);
    for (const [name, value] of Object.entries(options.query ?? {})) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(name, String(item));
    }
    const headers: Record<string, string> = {
      ...(this.key ? { authorization: `Bearer ${this.key}` } : {}),
      ...options.headers,
    };
    let body: string | Uint8Array | undefined = options.raw;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(url, { method, headers, body });
    const text = await response.text();
    const type = response.headers.get('content-type') ?? '';
    return {
      status: response.status,
      headers: response.headers,
      body: type.includes('json') && text ? JSON.parse(text) : text,
    };
  }

  get<T = any>(path: string, query?: RequestOptions['query']) {
    return this.request<T>('GET', path, { query });
  }
  post<T = any>(path: string, body?: unknown, options: RequestOptions = {}) {
    return this.request<T>('POST', path, { ...options, body });
  }
  patch<T = any>(path: string, body?: unknown) {
    return this.request<T>('PATCH', path, { body });
  }
  put<T = any>(path: string, body?: unknown) {
    return this.request<T>('PUT', path, { body });
  }
  delete<T = any>(path: string, body?: unknown) {
    return this.request<T>('DELETE', path, { body });
  }
}
