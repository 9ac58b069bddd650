import type { EbayApiContext } from './ebay-api-context';
import type { ImageResponse } from './ebay-types';

export interface EbayImageFile {
  data: Uint8Array;
  filename: string;
  /** image/jpeg, image/png, image/webp... */
  contentType: string;
}

export interface EbayHostedImage {
  /** The eBay-hosted URL to put in product.imageUrls. */
  imageUrl: string;
  /** From the Location header (…/image/{image_id}), when eBay sent one. */
  imageId: string | null;
  expirationDate: string | null;
}

/** Media API: uploads a photo to eBay's picture service, so no public hosting of our files is needed. */
export function createMediaApi({ http, hosts }: EbayApiContext) {
  return {
    async createImageFromFile(accessToken: string, file: EbayImageFile): Promise<EbayHostedImage> {
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(file.data)], { type: file.contentType }), file.filename);
      const { body, headers } = await http<ImageResponse>({
        baseUrl: hosts.apim,
        path: '/commerce/media/v1_beta/image/create_image_from_file',
        method: 'POST',
        accessToken,
        form,
      });
      if (!body?.imageUrl) throw new Error('eBay stored the image but sent no imageUrl');
      const location = headers.get('location');
      return {
        imageUrl: body.imageUrl,
        imageId: location ? decodeURIComponent(location.split('/').pop() ?? '') || null : null,
        expirationDate: body.expirationDate ?? null,
      };
    },
  };
}
