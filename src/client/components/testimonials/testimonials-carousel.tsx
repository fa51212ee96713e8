/** The public reviews carousel on the home page. A failed load is only logged (docs/product.md section 8). */
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Testimonial } from '#shared/schemas/content.ts';
import { trpc } from '#client/lib/trpc.ts';
import { formatDate } from '#shared/format/dates.ts';
import { useDateFormat } from '#client/lib/format-date.ts';
import { Carousel } from '#client/components/carousel/carousel.tsx';
import { AUTOPLAY_MS, TESTIMONIAL_SLIDES } from '#client/components/carousel/carousel-settings.ts';
import { StarRating } from '#client/components/ui/star-rating.tsx';

function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  const dateDisplay = useDateFormat();
  return (
    <figure className="testimonial">
      <StarRating value={testimonial.score} size={25} readOnly label="Score" />
      {/* Review HTML is sanitised on the server when saved (docs/rest-contract.md "Rich text"). */}
      <blockquote className="testimonial__review rich-text" dangerouslySetInnerHTML={{ __html: testimonial.review }} />
      <figcaption className="testimonial__author">
        <span className="testimonial__name">{testimonial.name}</span>
        <time dateTime={testimonial.created_at} className="testimonial__date">
          {formatDate(testimonial.created_at, dateDisplay)}
        </time>
      </figcaption>
    </figure>
  );
}

export function TestimonialsCarousel() {
  const query = useQuery(trpc.testimonials.list.queryOptions({}));

  useEffect(() => {
    if (query.error) console.error('Testimonials could not be loaded', query.error);
  }, [query.error]);

  if (query.isPending) {
    return (
      <div className="testimonials-loading" aria-hidden="true">
        <div className="skeleton testimonial-skeleton" />
      </div>
    );
  }
  const testimonials = query.data?.results ?? [];
  if (testimonials.length === 0) return null;
  return (
    <Carousel
      label="Customer reviews"
      className="testimonials"
      perView={TESTIMONIAL_SLIDES}
      autoplayMs={AUTOPLAY_MS}
      loop
      slides={testimonials.map((testimonial) => (
        <TestimonialCard key={testimonial.id} testimonial={testimonial} />
      ))}
    />
  );
}
