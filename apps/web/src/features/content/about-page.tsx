import { Link } from 'react-router';
import { ContentPage } from './content-page';

export function AboutPage() {
  return (
    <ContentPage
      eyebrow="About us"
      title="A calmer way to find a home in India"
      description="What Nivaas is, how listings get onto it and what it does not do."
      lead={
        <p>
          Nivaas is a property marketplace for India. We help you find new projects, ready-to-move homes and plots,
          see who is building them and what they cost in rupees, and get in touch with the people selling them.
        </p>
      }
    >
      <h2>What you can do here</h2>
      <ul>
        <li>Browse projects city by city, with trending, upcoming and ready-to-move homes on the first page.</li>
        <li>See the builder behind each project, its locality and the price range of its units.</li>
        <li>Compare projects side by side and save the ones you like once you sign in.</li>
        <li>
          Work out a monthly instalment with the <Link to="/mortage-calculator">EMI calculator</Link> before you
          visit a site.
        </li>
        <li>Send an enquiry to the builder, broker or owner of a property that interests you.</li>
      </ul>

      <h2>Where the listings come from</h2>
      <p>
        Three kinds of people put properties on Nivaas: <strong>builders</strong> list their projects,{' '}
        <strong>brokers</strong> upload properties they represent, and <strong>owners</strong> list their own homes.
      </p>
      <p>
        Uploads from brokers and owners are reviewed by our team before they appear on the site. We check that a
        listing is complete and makes sense, and we send it back with the reason when it does not. A review is not a
        legal inspection: it cannot tell you that a title is clear or that a building has every approval. Before you
        pay any money, check the project&rsquo;s RERA registration on your state&rsquo;s RERA website and have the
        documents read by a lawyer you trust.
      </p>

      <h2>Prices</h2>
      <p>
        Prices are shown in Indian rupees as their sellers publish them, using lakh (L, one hundred thousand) and crore
        (Cr, ten million). A range such as ₹ 85 L – 1.25 Cr runs from the cheapest unit to the most expensive one.
        Taxes, registration, parking and maintenance deposits are usually extra; ask the seller for a full cost sheet.
      </p>

      <h2>What we do not do</h2>
      <ul>
        <li>We do not charge brokerage on homes listed by their owners.</li>
        <li>We do not take payments for properties or hold booking amounts.</li>
        <li>We do not sell your personal details. Our <Link to="/privacy-policy">privacy policy</Link> says what we keep and why.</li>
      </ul>

      <h2>Talk to us</h2>
      <p>
        Found a listing that looks wrong, or have an idea for the site? Write to us from the{' '}
        <Link to="/contact-us">Contact Us</Link> page. We read everything.
      </p>
    </ContentPage>
  );
}
